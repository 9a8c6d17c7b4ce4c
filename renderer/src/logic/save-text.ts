/**
 * A text file saved where the user picks it (the app's save dialog, the browser's download), and the
 * line that says where it went: "Saved PATH", or null when the user cancelled.
 */
import { platform } from '../platform/index.ts';

export async function saveText(suggestedName: string, content: string): Promise<string | null> {
  const r = await platform().saveFile({ suggestedName, content, encoding: 'utf8' });
  return r.saved ? `Saved ${r.path ?? suggestedName}` : null;
}
