// The renderer's entry: mounts the back-office app.
import '@blueprintjs/core/lib/css/blueprint.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(<App />);
