import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installSessionExpiry, installTwoFactorGate } from './app/session';
import { loadRuntimeConfig } from './config/env';
import { setApiBaseUrl } from './lib/api-client';
import { initErrorReporting } from './lib/integrations';

async function start() {
  const config = await loadRuntimeConfig();
  setApiBaseUrl(config.apiUrl);
  initErrorReporting();
  installSessionExpiry();
  installTwoFactorGate();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
