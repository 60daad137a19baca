import type { PreloadApi } from '../../shared/preload-api';

declare global {
  interface Window {
    /** Present only inside the Electron shell (the preload exposes it). */
    gleaner?: PreloadApi;
  }
}

export {};
