import type { DataSourceTestResult } from '@adstudio/contract';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { serverErrors } from '../../../lib/form-errors';
import { useTestDataSource } from '../api/test-data-source';
import { dataSourceTestBody, dataValueText, urlPlaceholders } from '../data-source-format';
import type { DataSourceForm } from './data-source-form';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What a test answered: status, time, content type, the value found, the start of the body or the error. */
export function TestResult({ result }: { result: DataSourceTestResult }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', m: 0 }}
      >
        <Fact label="Status">
          <Chip
            size="small"
            color={result.ok ? 'success' : 'error'}
            label={result.status === null ? 'No answer' : `HTTP ${result.status}`}
          />
        </Fact>
        <Fact label="Time">{result.duration_ms} ms</Fact>
        <Fact label="Content type">{result.content_type ?? '—'}</Fact>
        <Fact label="Value found">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {dataValueText(result.value)}
          </Box>
        </Fact>
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
        {result.url}
      </Typography>
      {result.error ? (
        <Alert severity="error" variant="outlined">
          {result.error}
        </Alert>
      ) : null}
      {result.body_sample ? (
        <Box>
          <Typography variant="caption" color="textSecondary">
            Body{result.truncated ? ' (truncated: only the start is shown)' : ''}
          </Typography>
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Body sample"
            sx={{
              m: 0,
              p: 1.5,
              maxHeight: 280,
              overflow: 'auto',
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {result.body_sample}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * Tries the definition as it stands in the form, saved or not: with the saved data source's id the
 * stored header values are used for the headers not retyped. The URL's placeholders get inputs.
 */
export function DataSourceTestPanel({ form, id }: { form: DataSourceForm; id?: number | undefined }) {
  const url = useWatch({ control: form.control, name: 'url' }) ?? '';
  const names = urlPlaceholders(url);
  const [placeholders, setPlaceholders] = useState<Record<string, string>>({});
  const test = useTestDataSource();
  const refusal = test.error ? Object.values(serverErrors(test.error)) : [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {names.length ? (
        <Box role="group" aria-label="Placeholders" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {names.map((name) => (
            <TextField
              key={name}
              size="small"
              label={`{${name}}`}
              value={placeholders[name] ?? ''}
              onChange={(event) => setPlaceholders((all) => ({ ...all, [name]: event.target.value }))}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary">
          The URL has no placeholders.
        </Typography>
      )}
      <Box>
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          disabled={test.isPending || url.trim() === ''}
          onClick={() => test.mutate(dataSourceTestBody(form.getValues(), id, placeholders))}
        >
          {test.isPending ? 'Testing…' : 'Test'}
        </Button>
      </Box>
      <Box aria-live="polite">
        {test.isError ? (
          <Alert severity="error">{refusal.length ? refusal.join(' ') : errorMessage(test.error)}</Alert>
        ) : null}
        {test.data && !test.isPending ? <TestResult result={test.data} /> : null}
      </Box>
    </Box>
  );
}
