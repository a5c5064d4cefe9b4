import { FileDownIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { messageReader } from '@/content/message-reader';

export interface TooComplexNoticeProps {
  /** Downloads the original message (.eml). */
  onDownload: () => void;
  downloading: boolean;
}

/**
 * In place of the body of a message the server could not read in time (`status: too-complex`):
 * it says so and offers the original, which holds everything the message has.
 */
export function TooComplexNotice({ onDownload, downloading }: TooComplexNoticeProps) {
  return (
    <div
      data-slot="too-complex-notice"
      role="status"
      className="flex flex-col items-start gap-3 rounded-md border bg-muted/50 p-4 text-sm"
    >
      <p className="flex items-start gap-2">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {messageReader.message.tooComplex}
      </p>
      <Button type="button" variant="outline" onClick={onDownload} disabled={downloading}>
        <FileDownIcon aria-hidden="true" />
        {messageReader.message.tooComplexDownload}
      </Button>
    </div>
  );
}
