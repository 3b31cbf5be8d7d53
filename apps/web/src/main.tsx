// Translations first, so the first render is already in the user's language.
import { i18nReady } from './i18n';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The messages of the page's language arrive in a small chunk of their own (one request before the
// first render); rendering waits for them so that no untranslated key ever shows.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
