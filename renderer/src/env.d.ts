declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

declare module '*?url' {
  const url: string;
  export default url;
}

/** Vite's import.meta.glob, as the Studies tab finds a wing's view by its component's name. */
interface ImportMeta {
  glob<T>(patterns: string | string[], options: { import: 'default' }): Record<string, () => Promise<T>>;
}
