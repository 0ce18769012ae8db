import { describe, expect, it } from 'vitest';
import { render } from '../../../lib/test-render';
import { CodeBlock } from './code-block';

describe('CodeBlock', () => {
  it('shows code as text only, coloured in spans', async () => {
    const code = 'var a = "<img src=x onerror=alert(1)>"; // </code><b>bold</b>\n';
    const { container: host } = await render(<CodeBlock code={code} label="Dynamic code" />);
    const block = host.querySelector('pre')!;
    expect(block.textContent).toBe(code);
    expect(host.querySelector('img, b')).toBeNull();
    expect(
      [...block.querySelectorAll('[data-token]')].map((span) => span.getAttribute('data-token')),
    ).toEqual(['keyword', 'string', 'comment']);
  });
});
