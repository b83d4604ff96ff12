import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApiRequestError, errorMessage } from '../api/client'
import { companies } from '../api/endpoints'
import { keys } from '../api/keys'
import type { Company } from '../api/types'
import { Dialog } from '../ui/dialog'
import { useToast } from '../ui/toast'

/** Adds a company, or renames one and changes its domain; the server's field errors show inline. */
export function CompanyFormDialog({
  open,
  onClose,
  company,
}: {
  open: boolean
  onClose(): void
  company?: Company
}) {
  const { t } = useTranslation('companies')
  return (
    <Dialog
      open={open}
      title={company ? t('form.editTitle') : t('form.newTitle')}
      onClose={onClose}
    >
      {open && <CompanyForm company={company} onDone={onClose} />}
    </Dialog>
  )
}

function CompanyForm({ company, onDone }: { company?: Company; onDone(): void }) {
  const { t } = useTranslation(['companies', 'common'])
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const [name, setName] = useState(company?.name ?? '')
  const [domain, setDomain] = useState(company?.domain ?? '')
  // Said at the field, with the focus on it: an empty name used to make the button do nothing.
  const [nameMissing, setNameMissing] = useState(false)
  const nameInput = useRef<HTMLInputElement>(null)
  const save = useMutation({
    mutationFn: () => {
      const input = { name: name.trim(), domain: domain.trim() || null }
      return company ? companies.update(company.id, input) : companies.create(input)
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: keys.companies })
      void queryClient.invalidateQueries({ queryKey: keys.company(saved.id) })
      toast(company ? t('form.saved') : t('form.added', { name: saved.name }), { tone: 'success' })
      onDone()
      if (!company) void navigate(`/companies/${saved.id}`)
    },
  })
  const fieldError = (field: string) => {
    if (field === 'name' && nameMissing) return t('form.nameRequired')
    return save.error instanceof ApiRequestError && save.error.field === field
      ? errorMessage(save.error)
      : null
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) return save.mutate()
    setNameMissing(true)
    nameInput.current?.focus()
  }
  const field = (id: string, label: string, value: string, onValue: (value: string) => void) => {
    const error = fieldError(id)
    return (
      <div className="field">
        <label htmlFor={`company-${id}`}>{label}</label>
        <input
          id={`company-${id}`}
          ref={id === 'name' ? nameInput : undefined}
          value={value}
          placeholder={id === 'domain' ? 'acme.com.br' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `company-${id}-error` : undefined}
          onChange={(event) => onValue(event.target.value)}
        />
        {error && (
          <p id={`company-${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    )
  }
  const otherError = save.error && !fieldError('name') && !fieldError('domain')
  return (
    <form onSubmit={submit}>
      {otherError && (
        <p className="form-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      {field('name', t('common:name'), name, (value) => {
        setName(value)
        setNameMissing(false)
      })}
      {field('domain', t('form.domain'), domain, setDomain)}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {company ? t('form.saveCompany') : t('form.addCompany')}
        </button>
      </div>
    </form>
  )
}
