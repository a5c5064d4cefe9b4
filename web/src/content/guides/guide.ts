import type { Block } from '../blocks';

/** A stand-alone guide page (`/guida-privacy`, `/sicurezza-online`, `/casi-uso`). */
export interface Guide {
  /** The `<h1>` of the page. */
  title: string;
  /** Lead paragraph shown under the title. */
  description: string;
  /** The body of the guide. */
  blocks: Block[];
}
