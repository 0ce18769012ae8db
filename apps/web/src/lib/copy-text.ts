import { showAlert } from './alert';

/** Copies text, falling back to a hidden textarea where the Clipboard API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy.');
}

/** Copies `text` and says so ("JavaScript tag copied to the clipboard."), or how to copy it by hand. */
export const copyAndSay = (text: string, what: string): Promise<void> =>
  copyText(text).then(
    () => showAlert({ status: 200, data: { message: `${what} copied to the clipboard.` } }),
    () =>
      showAlert({
        status: 0,
        data: { message: `The ${what.toLowerCase()} could not be copied; select it and copy it.` },
      }),
  );
