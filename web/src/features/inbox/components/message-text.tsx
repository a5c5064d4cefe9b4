import { useMemo } from 'react';
import { messageReader } from '@/content/message-reader';
import { linkify } from '../lib/linkify';

/** The plain-text body: line breaks kept, web links clickable in a new tab, nothing else parsed. */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  if (!text.trim()) {
    return (
      <p className="text-sm text-muted-foreground italic">{messageReader.message.emptyBody}</p>
    );
  }
  return (
    <div
      data-slot="message-text"
      className="text-sm leading-relaxed break-words whitespace-pre-wrap"
    >
      {parts.map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-primary underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
