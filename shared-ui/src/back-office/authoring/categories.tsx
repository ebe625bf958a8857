/** Categories (admin): table with title, add (Title; server errors under the field) and delete with confirmation. */
import { useEffect, useState } from 'react';
import { categorySchema, errorText, useForm, useSession, type Category } from 'shared-api';
import { useCreateCategoryMutation, useDeleteCategoryMutation, useGetCategoriesQuery } from 'shared-api/back-office';
import { Button, DataTable, ErrorState, PageHeader, TextField, notify, type Column } from 'shared-ui';
import { FormDialog } from '../common/form-dialog';
import { useConfirmedAction } from '../common/confirmed-action';
import { useLoadErrorToast } from './use-load-error';

function AddCategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const [createCategory] = useCreateCategoryMutation();
  const form = useForm<{ title: string }>({
    schema: categorySchema,
    initialValues: { title: '' },
    onSubmit: async (v) => {
      if (!user) return;
      try {
        await createCategory({ userId: user._id, title: v.title.trim() }).unwrap();
        notify.success('Sucessfully Added Category');
        onClose();
      } catch (e) {
        const text = errorText(e, 'Error Adding User');
        form.setErrors({ title: text });
        notify.error('Adding Error', text);
      }
    },
  });
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (open) {
      setValues({ title: '' });
      setErrors({});
    }
  }, [open, setValues, setErrors]);
  return (
    <FormDialog open={open} onClose={onClose} title="Add Category" submitLabel="Add Category" submitting={form.submitting} onSubmit={form.handleSubmit}>
      <TextField label="Title" {...form.field('title')} error={form.errors.title} />
    </FormDialog>
  );
}

export function CategoriesPage() {
  const { user } = useSession();
  const categories = useGetCategoriesQuery(user?._id ?? '', { skip: !user });
  const [deleteCategory] = useDeleteCategoryMutation();
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedAction<Category>({
    message: 'Are you sure you want to delete this catgory?',
    act: (c) => deleteCategory({ categoryId: c._id, userId: user!._id }).unwrap(),
    success: 'Sucessfully Deleted User',
    failure: (e) => ['Deletion Error', errorText(e, 'Error Deleting User')],
  });
  useLoadErrorToast(categories.isError, categories.error, 'Error cannot get Categories');

  const columns: Column<Category>[] = [
    { header: 'Title', cell: (c) => c.title, text: (c) => c.title },
    {
      header: 'Actions',
      cell: (c) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(c)} aria-label={`Delete ${c.title}`}>Delete</Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Category" actions={<Button onClick={() => setAdding(true)}>Add Category</Button>} />
      {categories.isError ? (
        <ErrorState title="Error cannot get Categories" message={errorText(categories.error, '')} onRetry={() => void categories.refetch()} />
      ) : (
        <DataTable rows={categories.data} columns={columns} rowKey={(c) => c._id} loading={categories.isLoading} pageSize={10}
          searchField="Title" emptyText="No Categories Found" caption="Categories" />
      )}
      <AddCategoryDialog open={adding} onClose={() => setAdding(false)} />
      {remove.dialog}
    </>
  );
}
