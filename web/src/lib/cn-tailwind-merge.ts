/**
 * `cn()` on tailwind-merge itself: the plain path that `cn.ts` stands in for. The build uses it
 * instead of `cn.ts` when `VITE_FAST_PATHS_OFF` lists `cn` (vite.config.ts), for measuring what
 * `cn.ts` saves and for ruling it out when a class merges wrongly (docs/architecture.md, "Fast
 * paths").
 */
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
