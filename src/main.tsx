import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createPageStores, PageProviders } from '@/app/page-stores';
import './styles.css';

const stores = createPageStores();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PageProviders stores={stores}>
      <App />
    </PageProviders>
  </StrictMode>,
);
