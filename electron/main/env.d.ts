// electron-vite: `import p from './file?modulePath'` gives the built path of a separate entry.
declare module '*?modulePath' {
  const path: string;
  export default path;
}
