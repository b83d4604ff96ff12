import Markdown from 'react-markdown'

/**
 * A note's or activity's Markdown. react-markdown builds React elements and never injects HTML:
 * raw HTML in a body shows as text, and links are limited to safe protocols.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown>{text}</Markdown>
    </div>
  )
}
