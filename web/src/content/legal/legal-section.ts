import type { Block } from '../blocks';

/** One numbered section of a legal page (privacy policy, terms of service). */
export interface LegalSection {
  /** Section heading, without a number (the renderer may number sections in order). */
  title: string;
  blocks: Block[];
}
