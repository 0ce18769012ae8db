import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from './code-block';

describe('CodeBlock', () => {
  it('shows code as text only, coloured in spans', async () => {
    const code = 'var a = "<img src=x onerror=alert(1)>"; // </code><b>bold</b>\n';
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<CodeBlock code={code} label="Dynamic code" />));
    const block = host.querySelector('pre')!;
    expect(block.textContent).toBe(code);
    expect(host.querySelector('img, b')).toBeNull();
    expect(
      [...block.querySelectorAll('[data-token]')].map((span) => span.getAttribute('data-token')),
    ).toEqual(['keyword', 'string', 'comment']);
    await act(async () => root.unmount());
  });
});
