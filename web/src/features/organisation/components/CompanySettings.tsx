import { useEffect, useState, type FormEvent } from 'react';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { useCompany, useUpdateCompany, type Company } from '../api/organisation-api';
import { DepartmentsManager } from './DepartmentsManager';
import { FileField } from './FileField';

const NAME_RULE = 'Company name is required and must be at most 100 characters';
const INDUSTRY_RULE = 'Industry must be at most 100 characters';

function CompanyDetails({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const [name, setName] = useState(company.name ?? '');
  const [industry, setIndustry] = useState(company.industry ?? '');
  const [errors, setErrors] = useState<{ name?: string; industry?: string }>({});
  useEffect(() => {
    setName(company.name ?? '');
    setIndustry(company.industry ?? '');
  }, [company.name, company.industry]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: !name.trim() || name.trim().length > 100 ? NAME_RULE : undefined,
      industry: industry.trim().length > 100 ? INDUSTRY_RULE : undefined,
    };
    setErrors(next);
    if (next.name || next.industry) return;
    update.mutate({ name: name.trim(), industry: industry.trim() });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Company details" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Company name" autoComplete="organization" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <Input label="Industry" value={industry} error={errors.industry} onChange={(e) => setIndustry(e.target.value)} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Save company details
        </Button>
      </div>
    </form>
  );
}

/** Company set-up (super admin): name, industry, logo, departments, terms and conditions, default encouragement video. */
export function CompanySettings({ onSaved }: { onSaved?: (company: Company) => void }) {
  const company = useCompany();
  useEffect(() => {
    if (company.data) onSaved?.(company.data);
  }, [company.data, onSaved]);
  if (company.isPending) return <Spinner className="h-8 w-8 text-primary" label="Loading the company" />;
  if (company.isError) return <p role="alert">The company could not be loaded.</p>;
  const value = company.data;
  return (
    <div className="space-y-6">
      <Card>
        <CompanyDetails company={value} />
      </Card>
      <Card>
        <div className="grid gap-6 md:grid-cols-2">
          <FileField
            scope="company"
            kind="companyLogo"
            label="Company logo"
            url={value.companyLogo}
            hint="A picture of at most 10MB (PNG, JPEG, GIF, WebP or BMP); it is converted to JPEG. Contributors see it on their invitation."
            confirmTitle="Delete the company logo?"
            confirmText="Contributors and staff no longer see your logo."
          />
          <FileField
            scope="company"
            kind="termsNConditions"
            label="Terms and conditions"
            url={value.termsNConditions}
            hint="A PDF of at most 100MB. Contributors accept it before recording; a new upload asks them again."
            confirmTitle="Delete the terms and conditions?"
            confirmText="Contributors are no longer asked to accept terms and conditions before recording."
          />
          <FileField
            scope="company"
            kind="defaultEncouragementVideo"
            label="Encouragement video"
            url={value.defaultEncouragementVideo}
            hint="A video of at most 500MB, shown to contributors when the campaign's creator has none of their own."
            confirmTitle="Delete the encouragement video?"
            confirmText="Contributors of campaigns whose creator has no video of their own no longer see one."
          />
        </div>
      </Card>
      <Card>
        <DepartmentsManager tenantId={value.tenantId} />
      </Card>
    </div>
  );
}
