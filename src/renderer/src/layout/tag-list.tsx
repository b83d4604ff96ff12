/** A record's tags as chips, or a dash when it has none. */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <>—</>
  return (
    <>
      {tags.map((tag) => (
        <span key={tag} className="tag">
          {tag}
        </span>
      ))}
    </>
  )
}
