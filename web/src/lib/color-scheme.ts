/**
 * Dark mode follows the system: `.dark` on <html> while `prefers-color-scheme: dark` matches,
 * updated live when the system switches. Returns a function that stops following.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => root.classList.toggle('dark', query.matches);
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
