// The renderer's entry: mounts the back-office app.
import './app/path-route.js'; // /dashboard/users/u1 in the path becomes #/dashboard/users/u1
import './host/browser-shim.js'; // installs window.market in the browser host only; a no-op under Electron
import '@blueprintjs/core/lib/css/blueprint.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(<App />);
