/**
 * The Courses screen: the shared list with search, a status filter and
 * paging over `GET /api/course?page&limit&search`; add and edit in a dialog; activate or
 * deactivate in place; delete after confirmation (a course with enrolments cannot be deleted and
 * is offered deactivation instead).
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { GridActionsCellItem } from '@mui/x-data-grid';
import { COURSE_MESSAGES, type Course } from '@registrar/contract/course';
import { ConfirmDeleteDialog, deleteRowAction, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import { ResourceList, type ListFilter, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import { selectFilter } from '../../shared/ui/resource-list/select-filter';
import type { ListResource } from '../../shared/ui/resource-list/list-types';
import { useGetCoursesQuery, type CourseListArgs } from '../../shared/api/course-list-api';
import { useDeleteCourseMutation, useUpdateCourseMutation } from './api/courses-api';
import { CourseFormDialog } from './course-form-dialog';
import { formatRupees } from '../../shared/lib/money';
import { useCan } from '../../shared/session/permissions';

const STATUS_FILTER: ListFilter = selectFilter('active', 'Status', 'All courses', [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
]);
const FILTERS = [STATUS_FILTER];

const enrolmentsSentence = (n: number) => (n > 0 ? `It has ${n} ${n === 1 ? 'enrolment' : 'enrolments'}. ` : '');
const installmentsLabel = (n: number) => `${n} ${n === 1 ? 'installment' : 'installments'}`;

/** "3 installments" over "₹5,000 + ₹5,000 + ₹5,000" (several equal ones as "12 × ₹2,500"). */
function Installments({ amounts }: { amounts: number[] }) {
  const allEqual = amounts.length > 2 && amounts.every((a) => a === amounts[0]);
  const detail = allEqual
    ? `${amounts.length} × ${formatRupees(amounts[0]!)}`
    : amounts.map((a) => formatRupees(a)).join(' + ');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{installmentsLabel(amounts.length)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {detail}
      </Typography>
    </Box>
  );
}

function StatusChip({ active }: { active: boolean }) {
  return active ? (
    <Chip label="Active" color="success" size="small" />
  ) : (
    <Chip label="Inactive" size="small" variant="outlined" />
  );
}

const COURSES: ListResource<Course, CourseListArgs> = {
  noun: { one: 'course', other: 'courses' },
  useQuery: useGetCoursesQuery,
  searchHint: 'By course name',
};

export function CoursesScreen() {
  const [form, setForm] = useState<{ key: number; open: boolean; course: Course | null }>({
    key: 0,
    open: false,
    course: null,
  });
  const [updateCourse, { isLoading: toggling, originalArgs: toggleArgs }] = useUpdateCourseMutation();
  const [deleteCourse, { isLoading: removing }] = useDeleteCourseMutation();
  const deleting = useRowConfirm((row: Course) => deleteCourse(row._id).unwrap(), 'The course could not be deleted.');

  const openForm = (course: Course | null) => setForm((f) => ({ key: f.key + 1, open: true, course }));
  const closeForm = () => setForm((f) => ({ ...f, open: false }));

  const setActive = async (course: Course, active: boolean) => {
    try {
      await updateCourse({ id: course._id, changes: { active } }).unwrap();
      return true;
    } catch {
      return false; // the services slice has put up the server's message
    }
  };

  const canEdit = useCan('courses.edit');
  const columns = useMemo<ResourceColumn<Course>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Course',
        flex: 1.4,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {row.name}
            </Typography>
            {row.duration && (
              <Typography variant="body2" color="text.secondary">
                {row.duration}
              </Typography>
            )}
            {/* On a phone the other columns step aside; their gist shows here instead. */}
            <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
              <Typography variant="body2">
                {formatRupees(row.price)} · {installmentsLabel(row.emiPrice.length)}
              </Typography>
              <StatusChip active={row.active} />
            </Box>
          </Box>
        ),
      },
      {
        field: 'price',
        headerName: 'Price',
        type: 'number',
        minWidth: 110,
        flex: 0.6,
        hideBelow: 'sm',
        valueFormatter: (value: number) => formatRupees(value),
      },
      {
        field: 'emiPrice',
        headerName: 'Installments',
        minWidth: 190,
        flex: 1,
        hideBelow: 'sm',
        renderCell: ({ row }) => <Installments amounts={row.emiPrice} />,
      },
      {
        field: 'active',
        headerName: 'Status',
        minWidth: 100,
        flex: 0.5,
        hideBelow: 'sm',
        renderCell: ({ row }) => <StatusChip active={row.active} />,
      },
      {
        field: 'enrollmentCount',
        headerName: 'Enrolments',
        type: 'number',
        minWidth: 120,
        flex: 0.5,
        hideBelow: 'sm',
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        minWidth: 132,
        getActions: ({ row }) => {
          if (!canEdit) return [];
          const busy = toggling && toggleArgs?.id === row._id;
          return [
            <GridActionsCellItem
              key="edit"
              icon={<EditOutlinedIcon />}
              label={`Edit ${row.name}`}
              title="Edit"
              onClick={() => openForm(row)}
            />,
            <GridActionsCellItem
              key="active"
              icon={row.active ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
              label={`${row.active ? 'Deactivate' : 'Activate'} ${row.name}`}
              title={row.active ? 'Deactivate (hide from the public forms)' : 'Activate (offer on the public forms)'}
              disabled={busy}
              onClick={() => void setActive(row, !row.active)}
            />,
            deleteRowAction(row.name, () => deleting.ask(row)),
          ];
        },
      },
    ],
    // openForm and setActive only use state setters and the mutation trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [toggling, toggleArgs?.id, canEdit],
  );

  const addButton = (label: string) => (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
      {label}
    </Button>
  );

  const target = deleting.target;
  const blocked = Boolean(target && (target.enrollmentCount > 0 || deleting.error === COURSE_MESSAGES.hasEnrollments));

  return (
    <>
      <ResourceList<Course, CourseListArgs>
        title="Courses"
        description="Active courses are offered on the public enrolment and inquiry forms."
        resource={COURSES}
        columns={columns}
        filters={FILTERS}
        actions={canEdit ? addButton('Add course') : undefined}
        autoRowHeight
        empty={{
          title: 'No courses yet',
          description: 'Add the courses you teach, with their price and installment plan.',
          action: canEdit ? addButton('Add your first course') : undefined,
        }}
      />

      <CourseFormDialog key={form.key} open={form.open} course={form.course} onClose={closeForm} />

      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={blocked ? `“${target?.name ?? ''}” cannot be deleted` : `Delete “${target?.name ?? ''}”?`}
        description={
          blocked
            ? `${enrolmentsSentence(target?.enrollmentCount ?? 0)}Deactivating it takes it off the public forms and keeps its enrolments.`
            : 'The course and its installment plan will be removed. This cannot be undone.'
        }
        error={deleting.error ?? (blocked ? COURSE_MESSAGES.hasEnrollments : null)}
        cancelLabel={blocked ? 'Close' : 'Cancel'}
        busy={removing}
        hideConfirm={blocked}
        extraAction={
          blocked && target?.active ? (
            <Button
              variant="outlined"
              loading={toggling}
              onClick={async () => {
                if (await setActive(target, false)) deleting.close();
              }}
            >
              Deactivate instead
            </Button>
          ) : null
        }
      />
    </>
  );
}
