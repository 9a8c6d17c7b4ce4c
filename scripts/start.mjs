// `npm start`: the desktop app (electron-vite preview: build, then open it in Electron) when Electron's
// binary is installed; without it, one line saying why and how to install it, then the same workbench
// served to a browser (what `npm run web` serves: vite.web.config.ts), its URL printed and opened where
// the system has a browser opener. The electron package fetches its binary in its own install step,
// which is skipped with ELECTRON_SKIP_BINARY_DOWNLOAD or fails without a network.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/**
 * The Electron executable electron-vite would run (ELECTRON_EXEC_PATH, else the electron package's), or null
 * when it is not there. Read from the package's path.txt rather than `require('electron')`: requiring it starts a
 * download when the binary is missing, which is what this script must not wait on.
 */
function electronBinary() {
  const set = process.env.ELECTRON_EXEC_PATH;
  if (set) return existsSync(set) ? set : null;
  const dir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  const binary = existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8')) : null;
  return binary !== null && existsSync(binary) ? binary : null;
}

/** How this system opens a URL in its browser, or null: none on a Linux without a display, none with BROWSER=none. */
function browserOpener(url) {
  if (process.env.BROWSER === 'none') return null;
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  const display = process.env.DISPLAY || process.env.WAYLAND_DISPLAY;
  const found = spawnSync('sh', ['-c', 'command -v xdg-open'], { stdio: 'ignore' }).status === 0;
  return display && found ? ['xdg-open', [url]] : null;
}

if (electronBinary() !== null) {
  const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js');
  const child = spawn(process.execPath, [cli, 'preview', ...process.argv.slice(2)], { stdio: 'inherit', cwd: ROOT });
  child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
} else {
  console.log(
    "Electron's binary is missing (npm skips its download under ELECTRON_SKIP_BINARY_DOWNLOAD, and it fails offline): " +
      '`node node_modules/electron/install.js` installs it (needs the network). Serving the workbench to a browser instead.',
  );
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: join(ROOT, 'vite.web.config.ts'),
    clearScreen: false,
    logLevel: 'warn',
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite did not report the URL it serves');
  console.log(`Game Tree Lab: ${url}`);
  const opener = browserOpener(url);
  if (opener !== null)
    spawn(opener[0], opener[1], { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      server.close().finally(() => process.exit(0));
    });
  }
}
