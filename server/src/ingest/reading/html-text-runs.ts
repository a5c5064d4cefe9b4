import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * htmlparser2's tokenizer, with each run of adjacent text events handed on as one.
 *
 * The tokenizer ends a text event at every `<`, also at one that starts no tag (`<<`, `< `,
 * `<1`): it goes to "before tag name", finds no tag, and starts a new text section at that `<`.
 * So `<` by the thousand is a text event per character, and sanitize-html pays per event (six
 * regular-expression passes to escape it, a string appended twice) as do the scan's callbacks
 * in sanitize.ts: several times what an ordinary message of the same size costs
 * (bench/README.md, "Hostile mail, before and after"). Adjacent events are adjacent slices of the
 * same input, so one event over their union reads the same characters; what sanitize-html does
 * with a text event (escape it, append it to the output and to its element's text) gives the
 * same result for the whole as for its parts in turn. `server/test/html-text-runs.test.ts`
 * holds the output equal, byte for byte, to that of the plain tokenizer.
 *
 * Only the public API is used: the `Tokenizer` option of htmlparser2's `Parser`, which
 * sanitize-html passes on from its `parser` option, and the callbacks' interface. A decoded
 * entity (`&lt;`) is an event of its own kind and stays one: it is not a slice of the input.
 * Checked against htmlparser2 10.1.0; the test also fails when sanitize-html loads another
 * copy of htmlparser2 than ours, or when the parser gains a callback that is not passed on.
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
