/** A short name for the device of a user agent ("Firefox on Linux"), for the sessions list; never parsed further. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = first(ua, [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/^curl\//, 'curl'],
    [/^node|undici/, 'Node.js'],
    [/^python/i, 'Python'],
  ]);
  const os = first(ua, [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? ua.slice(0, 40);
}

function first(ua: string, table: [RegExp, string][]): string | undefined {
  return table.find(([re]) => re.test(ua))?.[1];
}
