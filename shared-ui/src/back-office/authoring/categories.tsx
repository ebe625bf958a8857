/** Categories (admin): table with title, add (Title; server errors under the field) and delete with confirmation. */
import { useEffect, useState } from 'react';
import { categorySchema, errorText, i18n, useSession, type Category } from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { useCreateCategoryMutation, useDeleteCategoryMutation, useGetCategoriesQuery } from 'shared-api/back-office';
import { Button, DataTable, ErrorState, PageHeader, TextField, notify, type Column } from 'shared-ui';
import { FormDialog } from '../common/form-dialog';
import { useConfirmedAction } from '../common/confirmed-action';
import { useLoadErrorToast } from './use-load-error';

function AddCategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const [createCategory] = useCreateCategoryMutation();
  const form = useForm({ resolver: schemaResolver<{ title: string }>(categorySchema), defaultValues: { title: '' } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ title: '' });
  }, [open, reset]);
  const save = form.handleSubmit(async (v) => {
    if (!user) return;
    try {
      await createCategory({ userId: user._id, title: v.title.trim() }).unwrap();
      notify.success(i18n._('Sucessfully Added Category'));
      onClose();
    } catch (e) {
      const text = errorText(e, i18n._('Error Adding User'));
      form.setError('title', { message: text });
      notify.error(i18n._('Adding Error'), text);
    }
  });
  return (
    <FormDialog open={open} onClose={onClose} title={i18n._('Add Category')} submitLabel={i18n._('Add Category')} submitting={form.submitting} onSubmit={save}>
      <TextField label={i18n._('Title')} {...form.field('title')} error={form.error('title')} />
    </FormDialog>
  );
}

export function CategoriesPage() {
  const { user } = useSession();
  const categories = useGetCategoriesQuery(user?._id ?? '', { skip: !user });
  const [deleteCategory] = useDeleteCategoryMutation();
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedAction<Category>({
    message: i18n._('Are you sure you want to delete this catgory?'),
    act: (c) => deleteCategory({ categoryId: c._id, userId: user!._id }).unwrap(),
    success: i18n._('Sucessfully Deleted User'),
    failure: (e) => [i18n._('Deletion Error'), errorText(e, i18n._('Error Deleting User'))],
  });
  useLoadErrorToast(categories.isError, categories.error, i18n._('Error cannot get Categories'));

  const columns: Column<Category>[] = [
    { header: /*i18n*/ 'Title', cell: (c) => c.title, text: (c) => c.title },
    {
      header: /*i18n*/ 'Actions',
      cell: (c) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(c)} aria-label={i18n._('Delete {title}', { title: c.title })}>{i18n._('Delete')}</Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={i18n._('Category')} actions={<Button onClick={() => setAdding(true)}>{i18n._('Add Category')}</Button>} />
      {categories.isError ? (
        <ErrorState title={i18n._('Error cannot get Categories')} message={errorText(categories.error, '')} onRetry={() => void categories.refetch()} />
      ) : (
        <DataTable rows={categories.data} columns={columns} rowKey={(c) => c._id} loading={categories.isLoading} pageSize={10}
          searchField="Title" emptyText={i18n._('No Categories Found')} caption={i18n._('Categories')} />
      )}
      <AddCategoryDialog open={adding} onClose={() => setAdding(false)} />
      {remove.dialog}
    </>
  );
}
