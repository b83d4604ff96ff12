import { useSearchParams, type NavigateOptions } from 'react-router'

/**
 * The page's query string; `change`, which edits it; and `replace`, which puts another in its
 * place (a saved view picked). A change starts from the address as it is
 * at that moment, not as it was at the last render: react-router hands its functional setter the
 * params of the last render, so two quick changes (a search cleared, then a filter picked before
 * React renders again) would lose the first.
 */
export function useAddressQuery() {
  const [params, setParams] = useSearchParams()
  const change = (edit: (latest: URLSearchParams) => void, options?: NavigateOptions) => {
    const latest = new URLSearchParams(window.location.search)
    edit(latest)
    setParams(latest, options)
  }
  return [params, change, setParams] as const
}
