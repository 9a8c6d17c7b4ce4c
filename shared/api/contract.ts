/**
 * The IPC contract between the renderer and the main process: the one API the preload exposes as
 * `window.gtlab`. Types only, so main, preload and renderer agree at compile time.
 */
export interface AppInfo {
  name: string;
  version: string;
  /** versions of the runtime pieces, for the "about" line and for records in results */
  versions: Record<string, string>;
}

export interface GtlabApi {
  appInfo(): Promise<AppInfo>;
}

/** IPC channel names, one place. */
export const CHANNELS = {
  appInfo: 'gtlab:app-info',
} as const;
