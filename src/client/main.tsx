import { createRoot } from 'react-dom/client';

// Replaced by the shell (src/client/shell) once it exists.
createRoot(document.getElementById('root')!).render(<div>教育科研课题管理平台</div>);
