/**
 * The client modules: each registers its screens into the runtime's page-kind and widget registries
 * when imported. The app entry (main.tsx) imports this list; the runtime imports no module.
 */
import './review/index.js';
import './similarity/index.js';
