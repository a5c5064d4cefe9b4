import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * htmlparser2's tokenizer, each run of adjacent text events handed on as one: a fast path
 * (docs/architecture.md, "Fast paths"). The tokenizer ends a text event at every `<`, so `<` by
 * the thousand is an event per character, and sanitize-html pays six regex passes per event.
 * Adjacent events are adjacent slices of the input, so one event over their union gives the same
 * output, which `server/test/html-text-runs.test.ts` holds byte for byte. Public API only (the
 * `Tokenizer` option of `Parser`); checked against htmlparser2 10.1.0.
 */
export const CHECKED_HTMLPARSER2_VERSION = '10.1.0';

/** A tokenizer for sanitize-html's `parser: { Tokenizer }` option. */
export class TextRunTokenizer extends Tokenizer {
  constructor(options: ConstructorParameters<typeof Tokenizer>[0], cbs: TokenizerCallbacks) {
    super(options, joinTextRuns(cbs));
  }
}

/** The callbacks other than `ontext`: each flushes the pending text, then is passed on. */
const PASSED_ON = [
  'ontextentity',
  'onattribdata',
  'onattribentity',
  'onattribend',
  'onattribname',
  'oncdata',
  'onclosetag',
  'oncomment',
  'ondeclaration',
  'onend',
  'onopentagend',
  'onopentagname',
  'onprocessinginstruction',
  'onselfclosingtag',
] as const satisfies readonly Exclude<keyof TokenizerCallbacks, 'ontext'>[];

/** `cbs`, with `ontext` calls whose ranges meet joined into one, passed on before any other call. */
export function joinTextRuns(cbs: TokenizerCallbacks): TokenizerCallbacks {
  // Not a sentinel start: at the end of the input the tokenizer may pass a negative one.
  let pending = false;
  let start = 0;
  let end = 0;
  const flush = () => {
    if (!pending) return;
    pending = false;
    cbs.ontext(start, end);
  };
  const joined = Object.fromEntries(
    PASSED_ON.map((name) => [
      name,
      (...args: unknown[]) => {
        flush();
        Reflect.apply(cbs[name], cbs, args);
      },
    ]),
  ) as Omit<TokenizerCallbacks, 'ontext'>;
  return {
    ...joined,
    ontext(from, to) {
      if (pending && from === end) {
        end = to;
        return;
      }
      flush();
      pending = true;
      start = from;
      end = to;
    },
  };
}
