/**
 * `cn()`: joins class names (clsx) and lets later Tailwind classes win over earlier ones of the
 * same kind (tailwind-merge), so a caller's `className` (last) overrides a component's defaults:
 * `px-3` then `px-4` keeps `px-4`; `p-4` after `px-3` drops `px-3` too; `hover:bg-accent` only
 * yields to another `hover:` background.
 *
 * tailwind-merge is built with `createTailwindMerge` from the class groups the app uses, not its
 * default configuration (`twMerge`), which would take 3.7 KB gzip more of the home page's first
 * download (bench/README.md, "The home page's first download"). Each group keeps the id, the
 * values and the place in the order of tailwind-merge's default configuration, so the two merge
 * alike: `cn.test.ts` holds `cn()` equal to `twMerge` on every class list the sources write, and
 * fails on a class of a group missing here (add the group from tailwind-merge's
 * `default-config.ts`). A class in no group (`group`, `toaster`, a plugin's `animate-in`) is kept
 * as it is.
 */
import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, validators } from 'tailwind-merge';

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

const arbitrary = [isArbitraryVariable, isArbitraryValue] as const;
/** Tailwind's spacing scale: `px`, any number of steps, an arbitrary value. */
const spacing = () => [...arbitrary, 'px', isNumber] as const;
const inset = () => [isFraction, 'full', 'auto', ...spacing()] as const;
const sizing = () =>
  [
    isFraction,
    'auto',
    'full',
    'dvw',
    'dvh',
    'lvw',
    'lvh',
    'svw',
    'svh',
    'min',
    'max',
    'fit',
    ...spacing(),
  ] as const;
/** Any colour name: the theme's tokens (`primary`, `muted-foreground`) as much as the palette. */
const color = () => [isAny, ...arbitrary] as const;
const borderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength] as const;
const lineStyle = () => ['solid', 'dashed', 'dotted', 'double'] as const;
const overflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'] as const;
const radius = () => ['', 'none', 'full', isTshirtSize, ...arbitrary] as const;
const blur = () => ['', 'none', isTshirtSize, ...arbitrary] as const;
const translate = () => [isFraction, 'full', ...spacing()] as const;

const twMerge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    aspect: [{ aspect: ['auto', 'square', 'video', isFraction, ...arbitrary] }],
    container: ['container'],
    columns: [{ columns: [isNumber, 'auto', ...arbitrary, isTshirtSize] }],
    'break-inside': [{ 'break-inside': ['auto', 'avoid', 'avoid-page', 'avoid-column'] }],
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'inline-table',
      'table-caption',
      'table-cell',
      'table-column',
      'table-column-group',
      'table-footer-group',
      'table-header-group',
      'table-row-group',
      'table-row',
      'flow-root',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    sr: ['sr-only', 'not-sr-only'],
    overflow: [{ overflow: overflow() }],
    'overflow-x': [{ 'overflow-x': overflow() }],
    'overflow-y': [{ 'overflow-y': overflow() }],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    inset: [{ inset: inset() }],
    'inset-y': [{ 'inset-y': inset() }],
    top: [{ top: inset() }],
    right: [{ right: inset() }],
    bottom: [{ bottom: inset() }],
    left: [{ left: inset() }],
    visibility: ['visible', 'invisible', 'collapse'],
    z: [{ z: [isInteger, 'auto', ...arbitrary] }],
    basis: [{ basis: [isFraction, 'full', 'auto', isTshirtSize, ...spacing()] }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
    shrink: [{ shrink: ['', isNumber, ...arbitrary] }],
    'grid-cols': [{ 'grid-cols': [isInteger, 'none', 'subgrid', ...arbitrary] }],
    gap: [{ gap: spacing() }],
    'gap-x': [{ 'gap-x': spacing() }],
    'gap-y': [{ 'gap-y': spacing() }],
    'justify-content': [
      {
        justify: [
          'start',
          'end',
          'center',
          'between',
          'around',
          'evenly',
          'stretch',
          'baseline',
          'center-safe',
          'end-safe',
          'normal',
        ],
      },
    ],
    'align-items': [
      {
        items: [
          'start',
          'end',
          'center',
          'stretch',
          'center-safe',
          'end-safe',
          { baseline: ['', 'last'] },
        ],
      },
    ],
    p: [{ p: spacing() }],
    px: [{ px: spacing() }],
    py: [{ py: spacing() }],
    pt: [{ pt: spacing() }],
    pr: [{ pr: spacing() }],
    pb: [{ pb: spacing() }],
    pl: [{ pl: spacing() }],
    mx: [{ mx: ['auto', ...spacing()] }],
    my: [{ my: ['auto', ...spacing()] }],
    mt: [{ mt: ['auto', ...spacing()] }],
    mr: [{ mr: ['auto', ...spacing()] }],
    mb: [{ mb: ['auto', ...spacing()] }],
    ml: [{ ml: ['auto', ...spacing()] }],
    'space-y': [{ 'space-y': spacing() }],
    size: [{ size: sizing() }],
    w: [{ w: [isTshirtSize, 'screen', ...sizing()] }],
    'min-w': [{ 'min-w': [isTshirtSize, 'screen', 'none', ...sizing()] }],
    'max-w': [
      {
        'max-w': [isTshirtSize, 'screen', 'none', 'prose', { screen: [isTshirtSize] }, ...sizing()],
      },
    ],
    h: [{ h: ['screen', 'lh', ...sizing()] }],
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing()] }],
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing()] }],
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-style': ['italic', 'not-italic'],
    'font-weight': [
      {
        font: [
          'thin',
          'extralight',
          'light',
          'normal',
          'medium',
          'semibold',
          'bold',
          'extrabold',
          'black',
          isArbitraryVariableWeight,
          isArbitraryWeight,
        ],
      },
    ],
    'font-family': [
      { font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, isAnyNonArbitrary] },
    ],
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: [
      { tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest', ...arbitrary] },
    ],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing()] }],
    'list-style-type': [{ list: ['disc', 'decimal', 'none', ...arbitrary] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: color() }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'text-decoration-color': [{ decoration: color() }],
    'underline-offset': [{ 'underline-offset': [isNumber, 'auto', ...arbitrary] }],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'vertical-align': [
      {
        align: [
          'baseline',
          'top',
          'middle',
          'bottom',
          'text-top',
          'text-bottom',
          'sub',
          'super',
          ...arbitrary,
        ],
      },
    ],
    whitespace: [
      { whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] },
    ],
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    wrap: [{ wrap: ['break-word', 'anywhere', 'normal'] }],
    content: [{ content: ['none', ...arbitrary] }],
    'bg-color': [{ bg: color() }],
    rounded: [{ rounded: radius() }],
    'rounded-r': [{ 'rounded-r': radius() }],
    'border-w': [{ border: borderWidth() }],
    'border-w-t': [{ 'border-t': borderWidth() }],
    'border-w-b': [{ 'border-b': borderWidth() }],
    'border-w-l': [{ 'border-l': borderWidth() }],
    'border-style': [{ border: [...lineStyle(), 'hidden', 'none'] }],
    'border-color': [{ border: color() }],
    'outline-style': [{ outline: [...lineStyle(), 'none', 'hidden'] }],
    'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    shadow: [
      {
        shadow: ['', 'inner', 'none', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow],
      },
    ],
    'ring-w': [{ ring: borderWidth() }],
    'ring-w-inset': ['ring-inset'],
    'ring-color': [{ ring: color() }],
    opacity: [{ opacity: [isNumber, ...arbitrary] }],
    blur: [{ blur: blur() }],
    'backdrop-blur': [{ 'backdrop-blur': blur() }],
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    transition: [
      {
        transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', ...arbitrary],
      },
    ],
    duration: [{ duration: [isNumber, 'initial', ...arbitrary] }],
    animate: [{ animate: ['none', 'spin', 'ping', 'pulse', 'bounce', ...arbitrary] }],
    rotate: [{ rotate: ['none', isNumber, ...arbitrary] }],
    'translate-x': [{ 'translate-x': translate() }],
    'translate-y': [{ 'translate-y': translate() }],
    cursor: [
      {
        cursor: [
          'auto',
          'default',
          'pointer',
          'wait',
          'text',
          'move',
          'help',
          'not-allowed',
          'none',
          'context-menu',
          'progress',
          'cell',
          'crosshair',
          'vertical-text',
          'alias',
          'copy',
          'no-drop',
          'grab',
          'grabbing',
          'all-scroll',
          'col-resize',
          'row-resize',
          'n-resize',
          'e-resize',
          's-resize',
          'w-resize',
          'ne-resize',
          'nw-resize',
          'se-resize',
          'sw-resize',
          'ew-resize',
          'ns-resize',
          'nesw-resize',
          'nwse-resize',
          'zoom-in',
          'zoom-out',
          ...arbitrary,
        ],
      },
    ],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    select: [{ select: ['none', 'text', 'all', 'auto'] }],
    'scroll-mt': [{ 'scroll-mt': spacing() }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['basis', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    rounded: ['rounded-r'],
    'border-w': ['border-w-t', 'border-w-b', 'border-w-l'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
}));

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
