/** What the end-to-end tests know of the stack global-setup.ts started. */
export interface StackInfo {
  projectId: string;
  urls: { app: string; api: string; functions: string; auth: string };
  rtdb: { host: string; port: number; namespace: string };
  admin: { email: string; password: string };
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
