import type { AttachmentInfo } from '@et/common';
import { DownloadIcon, PaperclipIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { messageReader } from '@/content/message-reader';
import { strings } from '@/content/strings';
import { formatSize } from '@/lib/format';

export interface AttachmentListProps {
  /** Undefined while the message detail loads. */
  attachments: AttachmentInfo[] | undefined;
  /** The summary said there are attachments (used while loading and when none is found). */
  expected: boolean;
  downloadingId: string | null;
  onDownload: (attachment: AttachmentInfo) => void;
}

/** 'Allegati' with the count, then every attachment with name, size and 'Scarica'. */
export function AttachmentList({
  attachments,
  expected,
  downloadingId,
  onDownload,
}: AttachmentListProps) {
  const loading = attachments === undefined;
  if (!expected && (loading || attachments.length === 0)) return null;
  return (
    <section
      data-slot="attachments"
      aria-labelledby="attachments-title"
      className="flex flex-col gap-2"
    >
      <h3 id="attachments-title" className="flex items-center gap-2 text-sm font-semibold">
        <PaperclipIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {messageReader.message.attachments}
        {!loading && <Badge variant="secondary">{attachments.length}</Badge>}
      </h3>
      {loading ? (
        <p className="rounded-lg border px-3 py-2 text-sm text-muted-foreground">
          {strings.common.loading}
        </p>
      ) : attachments.length === 0 ? (
        <p className="rounded-lg border px-3 py-2 text-sm text-muted-foreground">
          {messageReader.message.noAttachments}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {attachments.map((attachment) => (
            <li
              key={attachment.id}
              data-slot="attachment"
              className="flex items-center gap-3 rounded-lg border px-3 py-2"
            >
              <div className="min-w-0 flex-1">
                <p
                  data-slot="attachment-name"
                  className="truncate text-sm font-medium"
                  title={attachment.filename}
                >
                  {/* Isolated, and read left to right: the extension stays at the end. */}
                  <bdi dir="ltr">{attachment.filename || 'attachment'}</bdi>
                </p>
                <p className="text-xs text-muted-foreground">{formatSize(attachment.size)}</p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => onDownload(attachment)}
                disabled={downloadingId === attachment.id}
                aria-label={messageReader.message.downloadLabel(
                  attachment.filename || 'attachment',
                )}
              >
                <DownloadIcon aria-hidden="true" />
                {messageReader.message.download}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
