/**
 * The core's public entry: everything a host (the Electron shell, the CLI, browser mode) may use.
 * Hosts import the core from here only; whatever is not exported is the core's own business.
 */
export { createCore, type Core } from './core';
export type { CoreDeps } from './context';
export { createCoreClient, type CoreClient } from './bridge/client';
export type { Dispatch } from './bridge/dispatcher';
export type { EventHub } from './events';
export { systemClock, type Clock } from './clock';
export { createLogger, type Logger } from './log';
export { createFileLogSink } from './log-file';
export { listenOnLoopback } from './listen';
export { DATABASE_FILE_NAME, databasePath, resolveDataDir, SAFE_STORAGE_FILE_SUFFIX } from './data-dir';

// Exports: what the desktop's save dialog and browser mode's downloads plug into; the CLI's file names.
export type { ChooseExportDestination, ExportService } from './export/export-service';
export { checkOutName, MANIFEST_NAME, type ExportResult } from './export/run-export';
export { describeFileKind } from './files/file-kind';

// Secrets: each host builds its token store and asks before the token goes somewhere new.
export type { ConfirmTokenOrigin } from './secrets/confirm-token-origin';
export { environmentWithoutToken, takeTokenFromProcessEnvironment } from './secrets/env-store';
export { keytarLoaderFrom, loadInstalledKeytar } from './secrets/keytar-store';
export { chooseSecretStore } from './secrets/choose-store';
export { unavailableReasonOf, type SecretStore } from './secrets/secret-store';
export { validateToken } from './secrets/token-format';
export { readStoredToken, storedTokenValue } from './secrets/token-origin';
export { createTokenStore } from './secrets/token-store';
export { createHubPasswordStore, createMemoryHubPasswordStore, type HubPasswordStore } from './secrets/hub-password-store';
export { createMemorySigningKeyStore, createSigningKeyStore, SIGNING_KEY_ENV_VAR, type SigningKeyStore } from './secrets/signing-key-store';
export { libraryServiceOrigin, liftLibraryTokenPause } from './usecases/library-token';

// Plain checks and wording a host shows before it asks the core anything.
export { checkCollectionName } from './library/collections';
export { describePlan } from './queue/plan';
