/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { cn } from './cn';

/** `cn()` as tailwind-merge's default configuration would give it. */
const cnWithTailwindMerge = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

const SRC_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string, pattern = /\.tsx$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const UTILITY = /^-?!?[a-z][\w-]*(?:[-/.][\w.%[\]()-]+)*!?$/;

/**
 * Every string literal of one source file that reads as a class list: two or more words, each
 * a utility with or without variants. A component's defaults and the classes its callers pass
 * sit in such literals, often in the same file.
 */
function classListsOf(file: string): string[] {
  const found = new Set<string>();
  for (const [, single, double, template] of readFileSync(file, 'utf8').matchAll(
    /'([^'\n]*)'|"([^"\n]*)"|`([^`$]*)`/g,
  )) {
    const words = (single ?? double ?? template ?? '').trim().split(/\s+/);
    if (words.length > 1 && words.every((w) => UTILITY.test(w.split(':').pop() ?? ''))) {
      found.add(words.join(' '));
    }
  }
  return [...found];
}

/** Every word of the components' string literals that could be a utility, variants removed. */
function utilitiesInSources(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC_DIR)) {
    for (const [, single, double] of readFileSync(file, 'utf8').matchAll(
      /'([^'\n]*)'|"([^"\n]*)"/g,
    )) {
      for (const word of (single ?? double ?? '').split(/\s+/)) {
        const utility = word.split(':').pop() ?? '';
        if (UTILITY.test(utility)) found.add(utility);
      }
    }
  }
  return [...found];
}

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    const hidden = false;
    expect(cn('a', hidden && 'b', undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });

  it("lets the caller's classes win over the component's, as the components use it", () => {
    // Button sizes and variants under a caller's className.
    expect(cn('h-9 gap-2 px-4 py-2 has-[>svg]:px-3', 'h-8 gap-1.5 px-3 has-[>svg]:px-2.5')).toBe(
      'py-2 h-8 gap-1.5 px-3 has-[>svg]:px-2.5',
    );
    expect(
      cn('focus-visible:ring-ring/50 hover:bg-accent', 'focus-visible:ring-destructive/30'),
    ).toBe('hover:bg-accent focus-visible:ring-destructive/30');
    // Card and its header.
    expect(cn('flex flex-col gap-4 py-5', 'gap-0 pb-0')).toBe('flex flex-col py-5 gap-0 pb-0');
    expect(
      cn('flex flex-wrap items-center gap-x-3 gap-y-2 px-5', 'flex-col items-start gap-1.5'),
    ).toBe('flex flex-wrap px-5 flex-col items-start gap-1.5');
    // Font size against size and line height; colours against colours only.
    expect(cn('text-sm text-muted-foreground', 'text-base')).toBe(
      'text-muted-foreground text-base',
    );
    expect(cn('text-base leading-none', 'text-sm')).toBe('text-sm');
    expect(cn('border bg-muted/50', 'border-primary/30 bg-primary/5')).toBe(
      'border border-primary/30 bg-primary/5',
    );
    expect(cn('max-w-lg p-5 sm:p-6', 'max-w-md p-4')).toBe('sm:p-6 max-w-md p-4');
    expect(cn('size-4 shrink-0', 'h-5 flex-1')).toBe('size-4 h-5 flex-1');
    expect(cn('[&>div]:block! block', 'hidden')).toBe('[&>div]:block! hidden');
    expect(cn('hover:focus:bg-accent', 'focus:hover:bg-muted')).toBe('focus:hover:bg-muted');
    expect(cn('toaster group', 'animate-in animate-spin', 'animate-pulse')).toBe(
      'toaster group animate-in animate-pulse',
    );
  });

  it("sorts every utility the app uses into the group tailwind-merge's default configuration does", () => {
    // A class of a known group merges with its own kind (`p-4 p-4` is `p-4`); a class of a group
    // missing from cn.ts's configuration would be kept as it is, beside its rivals.
    const outside = utilitiesInSources().filter(
      (utility) =>
        cnWithTailwindMerge(`${utility} ${utility}`) === utility &&
        cn(`${utility} ${utility}`) !== utility,
    );
    expect(outside).toEqual([]);
  });

  it('merges every pair of utilities the app uses exactly as tailwind-merge does', () => {
    const utilities = utilitiesInSources();
    expect(utilities.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of utilities) {
      for (const second of utilities) {
        const classes = `${first} ${second}`;
        if (cn(classes) !== cnWithTailwindMerge(classes)) differences.push(classes);
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('merges every class list the app writes, alone and after each other of its file, as tailwind-merge does', () => {
    const files = sourceFiles(SRC_DIR, /\.tsx?$/);
    let lists = 0;
    const differences: string[] = [];
    for (const file of files) {
      const classLists = classListsOf(file);
      lists += classLists.length;
      for (const first of classLists) {
        if (cn(first) !== cnWithTailwindMerge(first)) differences.push(first);
        for (const second of classLists) {
          if (cn(first, second) !== cnWithTailwindMerge(first, second)) {
            differences.push(`${first} | ${second}`);
          }
        }
      }
    }
    expect(lists).toBeGreaterThan(200);
    expect(differences).toEqual([]);
  }, 60_000);
});
