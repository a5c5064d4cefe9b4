import type { AttachmentInfo } from '@et/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';

/** `GET /api/v1/messages/{id}/attachment/{attachmentId}`: the decoded bytes, untouched. */
export async function fetchAttachment(
  token: string,
  messageId: string,
  attachmentId: string,
): Promise<Blob> {
  const path = `/messages/${encodeURIComponent(messageId)}/attachment/${encodeURIComponent(attachmentId)}`;
  const response = await apiRequest(path, { token, accept: '*/*' });
  return response.blob();
}

/** `GET /api/v1/messages/{id}/raw`: the message exactly as received, as `message/rfc822`. */
export async function fetchRawMessage(token: string, messageId: string): Promise<Blob> {
  const response = await apiRequest(`/messages/${encodeURIComponent(messageId)}/raw`, {
    token,
    accept: 'message/rfc822, */*',
  });
  return response.blob();
}

/** File name for the `.eml` download: `messaggio-<id>.eml`, safe on every file system. */
export function emlFilename(messageId: string): string {
  return `messaggio-${messageId.replace(/[^a-zA-Z0-9_-]/g, '').slice(0, 40) || 'originale'}.eml`;
}

export function useDownloadAttachment(token: string) {
  return useMutation({
    mutationFn: async ({
      messageId,
      attachment,
    }: {
      messageId: string;
      attachment: AttachmentInfo;
    }) => {
      const blob = await fetchAttachment(token, messageId, attachment.id);
      saveBlob(blob, attachment.filename || 'attachment');
    },
  });
}

export function useDownloadRawMessage(token: string) {
  return useMutation({
    mutationFn: async (messageId: string) => {
      const blob = await fetchRawMessage(token, messageId);
      saveBlob(blob, emlFilename(messageId));
    },
  });
}
