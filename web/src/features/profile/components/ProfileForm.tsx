import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS } from '@/config/access';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import type { CurrentUser } from '@/types/api';
import { roleOf } from '@/lib/auth';
import { DEPARTMENT_INVALID, noDepartmentsMessage, useCountries, useDepartmentOptions, useUpdateProfile } from '../api/profile-api';
import { profileSchema, type ProfileValues } from '../schemas';

function valuesOf(user: CurrentUser, countryValue: string): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    roleInCompany: user.roleInCompany ?? '',
    country: countryValue,
    companyName: user.companyName ?? '',
    department: user.department ?? '',
  };
}

export function ProfileForm({ user }: { user: CurrentUser }) {
  const role = roleOf(user);
  const isSuperAdmin = role === 'superAdmin';
  const countries = useCountries();
  const departments = useDepartmentOptions(user.tenantId);
  const update = useUpdateProfile();

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
    [countries.data],
  );
  // The API stores the ISO code; the list shows names.
  const currentCountry = useMemo(() => {
    const stored = user.country ?? '';
    const match = (countries.data ?? []).find((c) => c.name === stored || c.code === stored);
    return match ? match.code : stored;
  }, [user.country, countries.data]);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(user, currentCountry) });

  useEffect(() => {
    reset(valuesOf(user, currentCountry));
  }, [user, currentCountry, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        roleInCompany: values.roleInCompany.trim() || null,
        country: values.country || null,
        // Only a super admin may rename the company; others send it back unchanged.
        companyName: isSuperAdmin ? values.companyName.trim() || null : (user.companyName ?? null),
        department: values.department,
      });
    } catch {
      /* toasted by the API client */
    }
  });

  const departmentOptions = (departments.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  // A department deleted since it was chosen is not offered: the member chooses again.
  const staleDepartment = !!user.department && departments.isSuccess && !departmentOptions.some((o) => o.value === user.department);

  // Keep an unknown stored country selectable.
  const options =
    currentCountry && !countryOptions.some((o) => o.value === currentCountry)
      ? [{ value: currentCountry, label: currentCountry }, ...countryOptions]
      : countryOptions;

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Profile">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          <Input label="Email" value={user.email} readOnly disabled hint="Your sign-in address cannot be changed here." />
          <Input label="Storyhive role" value={role ? ROLE_LABELS[role] : user.role.name} readOnly disabled />
          <Input
            label="Role in company"
            autoComplete="organization-title"
            error={errors.roleInCompany?.message}
            {...register('roleInCompany')}
          />
          <Select
            label="Country"
            placeholder={countries.isPending ? 'Loading countries…' : 'Select a country'}
            options={options}
            disabled={countries.isPending}
            error={countries.isError ? 'The country list could not be loaded' : errors.country?.message}
            {...register('country')}
          />
          <Select
            label="Department"
            placeholder={departments.isPending ? 'Loading departments…' : 'Select a department'}
            options={departmentOptions}
            disabled={departments.isPending || departmentOptions.length === 0}
            hint={departments.isSuccess && departmentOptions.length === 0 ? noDepartmentsMessage(role) : undefined}
            error={errors.department?.message ?? (staleDepartment ? DEPARTMENT_INVALID : undefined)}
            {...register('department')}
          />
          <Input
            label="Company name"
            autoComplete="organization"
            readOnly={!isSuperAdmin}
            disabled={!isSuperAdmin}
            hint={isSuperAdmin ? undefined : 'Only the super admin of your organisation can change the company name.'}
            error={errors.companyName?.message}
            {...register('companyName')}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(user, currentCountry))}>
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
