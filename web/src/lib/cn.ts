/**
 * `cn()`: joins class names and lets later Tailwind classes win over earlier ones of the same
 * kind, so a caller's `className` (last) overrides a component's defaults: `px-3` then `px-4`
 * keeps `px-4`; `p-4` after `px-3` drops `px-3` too; `hover:bg-accent` only yields to another
 * `hover:` background. The same results as tailwind-merge (`cn.test.ts` compares the two on every
 * pair of utilities the components use) at a third of its size in the home page's first
 * download: the utilities are sorted into conflict groups by the small tables below instead of
 * its complete configuration. A class it does not know (`group`, `toaster`, a plugin's
 * `animate-in`) is kept as it is.
 */
import { clsx, type ClassValue } from 'clsx';

export function cn(...inputs: ClassValue[]): string {
  const classList = clsx(inputs);
  let merged = merges.get(classList);
  if (merged === undefined) {
    // Components ask for the same few lists again at every render: merge each once.
    if (merges.size >= MAX_CACHED_MERGES) merges.clear();
    merged = mergeClasses(classList);
    merges.set(classList, merged);
  }
  return merged;
}

const MAX_CACHED_MERGES = 500;
const merges = new Map<string, string>();

/** Classes whose whole name is the group. */
const WORDS: Record<string, string> = {};
for (const [group, names] of Object.entries({
  display:
    'block inline-block inline flex inline-flex grid inline-grid table table-row table-cell ' +
    'contents flow-root list-item hidden',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  sr: 'sr-only not-sr-only',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'text-decoration-line': 'underline overline line-through no-underline',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'font-style': 'italic not-italic',
  'font-smoothing': 'antialiased subpixel-antialiased',
  'fvn-normal': 'normal-nums',
  'fvn-ordinal': 'ordinal',
  'fvn-slashed-zero': 'slashed-zero',
  'fvn-figure': 'lining-nums oldstyle-nums',
  'fvn-spacing': 'proportional-nums tabular-nums',
  'fvn-fraction': 'diagonal-fractions stacked-fractions',
  container: 'container',
  'scroll-behavior': 'scroll-auto scroll-smooth',
  break: 'break-normal break-words break-all break-keep',
  isolation: 'isolate isolation-auto',
  'box-decoration': 'box-decoration-clone box-decoration-slice',
  'ring-w-inset': 'ring-inset',
  grow: 'grow',
  shrink: 'shrink',
  transition: 'transition',
  blur: 'blur',
  'backdrop-blur': 'backdrop-blur',
})) {
  for (const name of names.split(' ')) WORDS[name] = group;
}

const SIZES = /^(?:xs|sm|base|lg|[2-9]?xl)$/;
const SHADOWS = /^(?:2xs|xs|sm|md|lg|xl|2xl|none|inner)$/;
/** A width: `2`, `[3px]`, `(length:--x)`. */
const WIDTH = /^(?:\d+|\[[\d.]+(?:px|rem|em)\]|\(length:.+\))$/;
const SIDES = /^(?:x|y|s|e|t|r|b|l|bs|be)$/;
const CORNERS = /^(?:s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)$/;
const LINE_STYLES = /^(?:solid|dashed|dotted|double|hidden|none)$/;

/**
 * Groups named by the first word(s) of the utility: `px-3` is `px`, `min-h-12` is `min-h`. The
 * longest one that fits wins, so `gap-x-2` is `gap-x`, not `gap`.
 */
const PREFIXES = new Set(
  [
    'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml space-x space-y',
    'w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left',
    'z order basis grow shrink gap gap-x gap-y items justify-items justify-self justify self',
    'place-content place-items place-self grid-cols grid-rows col-span col-start col-end',
    'row-span row-start row-end auto-cols auto-rows grid-flow columns aspect',
    'leading tracking line-clamp whitespace break-inside break-before break-after wrap',
    'overflow overflow-x overflow-y overscroll opacity cursor pointer-events select touch',
    'scroll-p scroll-px scroll-py scroll-ps scroll-pe scroll-pt scroll-pr scroll-pb scroll-pl',
    'scroll-m scroll-mx scroll-my scroll-ms scroll-me scroll-mt scroll-mr scroll-mb scroll-ml',
    'resize duration ease delay rotate scale scale-x scale-y origin skew-x skew-y fill align',
    'underline-offset indent will-change backdrop-blur blur transition',
  ]
    .join(' ')
    .split(' '),
);

/** Groups that a class of the key's group overrides as well. */
const CONFLICTS: Record<string, string[]> = {
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  flex: ['basis', 'grow', 'shrink'],
  overflow: ['overflow-x', 'overflow-y'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'fvn-normal': ['fvn-ordinal', 'fvn-slashed-zero', 'fvn-figure', 'fvn-spacing', 'fvn-fraction'],
  translate: ['translate-x', 'translate-y', 'translate-none'],
  'translate-none': ['translate', 'translate-x', 'translate-y', 'translate-z'],
};
for (const fvn of ['ordinal', 'slashed-zero', 'figure', 'spacing', 'fraction']) {
  CONFLICTS[`fvn-${fvn}`] = ['fvn-normal'];
}
for (const box of ['p', 'm', 'scroll-p', 'scroll-m']) {
  CONFLICTS[box] = 'x y s e t r b l'.split(' ').map((side) => box + side);
  CONFLICTS[`${box}x`] = [`${box}s`, `${box}e`, `${box}r`, `${box}l`];
  CONFLICTS[`${box}y`] = [`${box}t`, `${box}b`];
}
for (const kind of ['border-w', 'border-color']) {
  CONFLICTS[kind] = 'x y s e t r b l bs be'.split(' ').map((side) => `${kind}-${side}`);
  CONFLICTS[`${kind}-x`] = ['s', 'e', 'r', 'l'].map((side) => `${kind}-${side}`);
  CONFLICTS[`${kind}-y`] = ['t', 'b', 'bs', 'be'].map((side) => `${kind}-${side}`);
}
CONFLICTS.rounded = 's e t r b l ss se ee es tl tr br bl'.split(' ').map((c) => `rounded-${c}`);
for (const [side, corners] of Object.entries({
  s: 'ss es',
  e: 'se ee',
  t: 'tl tr',
  r: 'tr br',
  b: 'br bl',
  l: 'tl bl',
})) {
  CONFLICTS[`rounded-${side}`] = corners.split(' ').map((c) => `rounded-${c}`);
}

/** The conflict group of a utility without its variants, or undefined for a class not known. */
function groupOf(utility: string): string | undefined {
  if (utility.startsWith('[')) {
    // An arbitrary property, `[mask-type:alpha]`: one group per property.
    const colon = utility.indexOf(':');
    return colon > 0 ? utility.slice(0, colon) : undefined;
  }
  const base = utility.replace(/^-/, '');
  const word = WORDS[base];
  if (word) return word;
  const dash = base.indexOf('-');
  const head = dash < 0 ? base : base.slice(0, dash);
  const value = dash < 0 ? '' : base.slice(dash + 1);
  switch (head) {
    case 'text':
      if (SIZES.test(value.split('/')[0]!) || /^\[(?:length:)?[\d.]+[a-z%]*\]$/.test(value))
        return 'font-size';
      if (/^(?:left|center|right|justify|start|end)$/.test(value)) return 'text-align';
      if (/^(?:wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap';
      return value ? 'text-color' : undefined;
    case 'font':
      if (/^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value))
        return 'font-weight';
      return value ? 'font-family' : undefined;
    case 'bg':
      if (/^(?:fixed|local|scroll)$/.test(value)) return 'bg-attachment';
      if (/^(?:auto|cover|contain)$/.test(value)) return 'bg-size';
      if (/^(?:no-repeat|repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/.test(value))
        return 'bg-repeat';
      if (/^(?:none|linear|radial|conic|gradient)/.test(value)) return 'bg-image';
      if (/^(?:bottom|center|left|right|top)/.test(value)) return 'bg-position';
      return value ? 'bg-color' : undefined;
    case 'border': {
      if (!value || WIDTH.test(value)) return 'border-w';
      if (LINE_STYLES.test(value)) return 'border-style';
      if (value === 'collapse' || value === 'separate') return 'border-collapse';
      const [side = '', rest] = value.split(/-(.*)/);
      if (SIDES.test(side))
        return !rest || WIDTH.test(rest) ? `border-w-${side}` : `border-color-${side}`;
      return 'border-color';
    }
    case 'rounded': {
      const [corner = ''] = value.split('-');
      return CORNERS.test(corner) ? `rounded-${corner}` : 'rounded';
    }
    case 'shadow':
      return !value || SHADOWS.test(value) ? 'shadow' : 'shadow-color';
    case 'ring':
      if (!value || WIDTH.test(value)) return 'ring-w';
      if (value.startsWith('offset-')) {
        return WIDTH.test(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      }
      return 'ring-color';
    case 'outline':
      if (!value || WIDTH.test(value)) return 'outline-w';
      if (LINE_STYLES.test(value)) return 'outline-style';
      return value.startsWith('offset-') ? 'outline-offset' : 'outline-color';
    case 'decoration':
      if (/^(?:solid|double|dotted|dashed|wavy)$/.test(value)) return 'decoration-style';
      if (/^(?:auto|from-font)$/.test(value) || WIDTH.test(value)) return 'decoration-w';
      return 'decoration-color';
    case 'flex':
      if (/^(?:row|col)(?:-reverse)?$/.test(value)) return 'flex-direction';
      if (/^(?:wrap|nowrap|wrap-reverse)$/.test(value)) return 'flex-wrap';
      return 'flex';
    case 'animate':
      // tailwind-merge knows only the four animations of Tailwind itself.
      return /^(?:none|spin|ping|pulse|bounce|\[.*\])$/.test(value) ? 'animate' : undefined;
    case 'translate':
      if (value === 'none') return 'translate-none';
      return /^[xyz]-/.test(value) ? `translate-${value[0]}` : 'translate';
    case 'content':
      if (/^(?:normal|center|start|end|between|around|evenly|baseline|stretch)$/.test(value))
        return 'align-content';
      return /^(?:none$|\[|\()/.test(value) ? 'content' : undefined;
    case 'list':
      return /^(?:inside|outside)$/.test(value) ? 'list-position' : 'list';
    case 'object':
      return /^(?:contain|cover|fill|none|scale-down)$/.test(value) ? 'object-fit' : 'object';
    case 'stroke':
      return WIDTH.test(value) ? 'stroke-w' : 'stroke';
  }
  for (let end = base.lastIndexOf('-'); end > 0; end = base.lastIndexOf('-', end - 1)) {
    const prefix = base.slice(0, end);
    if (PREFIXES.has(prefix)) return prefix;
  }
  return undefined;
}

/** `hover:focus:x` → the variants (`hover`, `focus`) and `x`; colons inside `[...]` do not split. */
function splitVariants(className: string): { variants: string[]; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  return { variants: parts, utility: className.slice(start) };
}

/**
 * Variants in a canonical order, so `hover:focus:x` and `focus:hover:x` meet; an arbitrary
 * variant (`[&>svg]`) keeps its place, since what comes before it and after it matters.
 */
function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[')) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(':');
}

function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    if (!className) continue;
    const { variants, utility } = splitVariants(className);
    const important = utility.startsWith('!') || utility.endsWith('!');
    const group = groupOf(utility.replace(/^!|!$/g, ''));
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    const scope = `${variantKey(variants)}${important ? '!' : ''}:`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(scope + other);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
