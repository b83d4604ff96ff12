import Markdown, { type Components } from 'react-markdown'
import remarkBreaks from 'remark-breaks'
import remarkGfm from 'remark-gfm'

// As people write notes in a text box: a line break is a line break (remark-breaks), and an
// address typed bare is a link, with lists, tables and ~~strikethrough~~ (GitHub's Markdown).
const plugins = [remarkGfm, remarkBreaks]

// A link leaves the app for the browser (the desktop shell opens it there too), never the page.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
}

/**
 * A note's or activity's Markdown. react-markdown builds React elements and never injects HTML:
 * raw HTML in a body shows as text, and links are limited to safe protocols.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={plugins} components={components}>
        {text}
      </Markdown>
    </div>
  )
}
