import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ContributorApp } from '@/features/contributor-journey/app/ContributorApp';
import { takeFlash } from './lib/flash';
import { applyTheme, useThemeStore } from './stores/theme-store';
import { useToastStore } from './stores/toast-store';
import './index.css';

// The contributor pages' entry (chosen by path in boot.ts): no staff routes, session or API client.
applyTheme(useThemeStore.getState().theme);
const flash = takeFlash();
if (flash) useToastStore.getState().show(flash.kind, flash.message);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ContributorApp />
  </StrictMode>,
);
