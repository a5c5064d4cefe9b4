import { useEffect, useRef, useState } from 'react';
import { strings } from '@/content/strings';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';

/** How long a copy button reads 'copied' after a copy. */
export const CODE_COPIED_FEEDBACK_MS = 2000;

/**
 * Copies a verification code and says so with a toast; `copied` is true for a moment after,
 * for the button's own feedback.
 */
export function useCopyCode(code: string | null) {
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    if (!code) return;
    try {
      await copyText(code);
    } catch {
      toast.error(strings.common.error, { description: strings.verification.copyFailed });
      return;
    }
    setCopied(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setCopied(false), CODE_COPIED_FEEDBACK_MS);
    toast.success(strings.verification.copied, {
      description: strings.verification.copiedDescription(code),
    });
  };

  return { copy, copied };
}
