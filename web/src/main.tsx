import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { loadSession } from './lib/auth';
import { takeFlash } from './lib/flash';
import { startServiceWorker } from './lib/service-worker';
import { applyTheme, useThemeStore } from './stores/theme-store';
import { useToastStore } from './stores/toast-store';
import './index.css';

applyTheme(useThemeStore.getState().theme);
const flash = takeFlash();
if (flash) useToastStore.getState().show(flash.kind, flash.message);
void loadSession();
startServiceWorker();

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
