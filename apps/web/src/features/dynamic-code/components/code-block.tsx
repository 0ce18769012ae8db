import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { type JsTokenKind, tokenizeJs } from '../highlight-js';

/** Token colours readable on the block's background in both themes (WCAG AA). */
const COLOURS: Readonly<Record<Exclude<JsTokenKind, 'plain'>, (theme: Theme) => string>> = {
  comment: (theme) => theme.palette.text.secondary,
  string: (theme) => (theme.palette.mode === 'dark' ? '#a5d6a7' : '#1b5e20'),
  keyword: (theme) => theme.palette.secondary.main,
  number: (theme) => (theme.palette.mode === 'dark' ? '#ffcc80' : '#a04000'),
};

/**
 * JavaScript in a monospace block, coloured by a small tokenizer (highlight-js.ts). Every run is
 * rendered as text in a span, so the code can never become markup. Focusable to scroll by keyboard.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const tokens = useMemo(() => tokenizeJs(code), [code]);
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      data-testid="code-block"
      sx={{
        m: 0,
        p: 2,
        maxHeight: 480,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        lineHeight: 1.6,
        whiteSpace: 'pre',
        tabSize: 2,
      }}
    >
      <code>
        {tokens.map((token, index) =>
          token.kind === 'plain' ? (
            token.text
          ) : (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, re-made when it changes
              key={index}
              component="span"
              data-token={token.kind}
              sx={{ color: COLOURS[token.kind], fontStyle: token.kind === 'comment' ? 'italic' : undefined }}
            >
              {token.text}
            </Box>
          ),
        )}
      </code>
    </Box>
  );
}
