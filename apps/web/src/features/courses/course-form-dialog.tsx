/**
 * Add or edit a course: name, price, 1–24 installment amounts with their running total
 * against the price, duration, description, the active flag and its GST fields. The rules and messages are
 * the contract's (`courseInputSchema`); the server's field errors land on the same fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  COURSE_LIMITS,
  COURSE_MESSAGES,
  courseInputSchema,
  sumInPaise,
  type Course,
  type CourseInput,
} from '@registrar/contract/course';
import type { ApiQueryError } from '../../shared/api/base-api';
import { DiscardChangesDialog, useDiscardGuard } from '../../shared/ui/discard-guard';
import { useCreateCourseMutation, useUpdateCourseMutation } from './api/courses-api';
import { formatRupees, splitEvenly } from '../../shared/lib/money';
import { CourseGstFields, GST_DEFAULTS, GST_FIELDS } from './course-gst-fields';
import { muiField } from '../../shared/form/mui-field';
import { FieldGroup } from '../../shared/form/field-group';

type CourseOutput = z.output<typeof courseInputSchema>;
const FIELDS: readonly string[] = ['name', 'price', 'emiPrice', 'description', 'duration', 'active', ...GST_FIELDS];

/** An empty number box reads as NaN; the schema answers that with the field's own message. */
const blank = undefined as unknown as number;

function initialValues(course: Course | null): CourseInput {
  if (!course)
    return { name: '', price: blank, emiPrice: [blank], description: '', duration: '', active: true, ...GST_DEFAULTS };
  return {
    name: course.name,
    price: course.price,
    emiPrice: [...course.emiPrice],
    description: course.description,
    duration: course.duration,
    active: course.active,
    sac: course.sac,
    gstRate: course.gstRate,
    taxInclusive: course.taxInclusive,
    deliveryMode: course.deliveryMode,
    gstExempt: course.gstExempt,
  };
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** "Total ₹9,000 of ₹10,000 — ₹1,000 short of the price." */
export function InstallmentTotal({ price, amounts }: { price: unknown; amounts: readonly unknown[] }) {
  const totalPaise = sumInPaise(amounts.filter(finite));
  const total = formatRupees(totalPaise / 100);
  if (!finite(price) || price <= 0) {
    return <Typography variant="body2">Total {total}. Enter the price to compare.</Typography>;
  }
  const pricePaise = Math.round(price * 100);
  const gap = formatRupees(Math.abs(totalPaise - pricePaise) / 100);
  let hint: { text: string; color: string };
  if (totalPaise < pricePaise) hint = { text: `${gap} short of the price.`, color: 'warning.dark' };
  else if (totalPaise === pricePaise) hint = { text: 'Matches the price.', color: 'success.dark' };
  else hint = { text: `${gap} more than the price.`, color: 'text.secondary' };
  return (
    <Typography variant="body2">
      Total <strong>{total}</strong> of {formatRupees(price)} price.{' '}
      <Box component="span" sx={{ color: hint.color, fontWeight: totalPaise < pricePaise ? 600 : 400 }}>
        {hint.text}
      </Box>
    </Typography>
  );
}

/**
 * Mount it with a new `key` for each opening (the screen does): the form starts from the course as
 * it is at that moment, and closing keeps its exit transition.
 */
export interface CourseFormDialogProps {
  open: boolean;
  /** The course to edit; null adds a new one. */
  course: Course | null;
  onClose: () => void;
  /** Called with the saved course after a successful save. */
  onSaved?: (course: Course) => void;
}

export function CourseFormDialog({ open, course, onClose, onSaved }: CourseFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const editing = Boolean(course);
  const [createCourse, creating] = useCreateCourseMutation();
  const [updateCourse, updating] = useUpdateCourseMutation();
  const saving = creating.isLoading || updating.isLoading;
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    setFocus,
    trigger,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<CourseInput, unknown, CourseOutput>({
    resolver: zodResolver(courseInputSchema),
    mode: 'onTouched',
    defaultValues: initialValues(course),
  });

  const [price, amounts = []] = useWatch({ control, name: ['price', 'emiPrice'] });
  const rows = amounts.length;

  useEffect(() => {
    if (focusRow === null) return;
    setFocus(`emiPrice.${focusRow}`);
    setFocusRow(null);
  }, [focusRow, setFocus]);

  const setAmounts = (next: number[]) => {
    setValue('emiPrice', next, { shouldDirty: true });
    if (isSubmitted) void trigger('emiPrice');
  };
  const addRow = () => {
    setAmounts([...getValues('emiPrice'), blank]);
    setFocusRow(rows);
  };
  const removeRow = (index: number) => {
    setAmounts(getValues('emiPrice').filter((_, i) => i !== index));
    setFocusRow(Math.max(0, Math.min(index, rows - 2)));
  };
  const priceValue = finite(price) && price > 0 ? price : undefined;
  const splitPrice = () => {
    if (priceValue === undefined) return;
    setAmounts(splitEvenly(priceValue, Math.max(rows, 1)));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = course
        ? await updateCourse({ id: course._id, changes: values }).unwrap()
        : await createCourse(values).unwrap();
      onSaved?.(data);
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      let placed = false;
      for (const { path, message } of error.fieldErrors ?? []) {
        const root = path.split('.')[0] ?? '';
        if (!FIELDS.includes(root)) continue;
        setError(path as FieldPath<CourseInput>, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
      if (error.message === COURSE_MESSAGES.nameTaken) {
        setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        placed = true;
      }
      if (!placed) setFormError(error.message || 'The course could not be saved.');
    }
  });

  const { requestClose, dialog: discard } = useDiscardGuard({ dirty: isDirty, busy: saving, onClose });

  const emiErrors = errors.emiPrice as
    ({ message?: string; root?: { message?: string } } & Record<number, { message?: string } | undefined>) | undefined;
  const emiMessage = emiErrors?.root?.message ?? emiErrors?.message;
  const money = {
    input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const, step: '0.01', min: '0' },
  };

  const registered = muiField(register, errors);
  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`}>{editing ? 'Edit course' : 'Add course'}</DialogTitle>
        <DialogContent dividers>
          <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)}>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <TextField
                label="Course name"
                required
                autoFocus
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: COURSE_LIMITS.nameMax + 20 } }}
                fullWidth
                {...registered('name')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Price"
                  type="number"
                  required
                  slotProps={money}
                  sx={{ flex: 1 }}
                  {...registered('price', 'The fee when paid in full.', {
                    valueAsNumber: true,
                    deps: isSubmitted ? ['emiPrice'] : [],
                  })}
                />
                <TextField
                  label="Duration"
                  autoComplete="off"
                  placeholder="e.g. 3 months"
                  slotProps={{ htmlInput: { maxLength: COURSE_LIMITS.durationMax } }}
                  sx={{ flex: 1 }}
                  {...registered('duration', 'Optional.')}
                />
              </Stack>

              <FieldGroup legend="Installments" aria-describedby={`${id}-emi-total ${id}-emi-error`}>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  What a student pays when paying by installments: between 1 and {COURSE_LIMITS.installmentsMax} amounts
                  adding up to at least the price.
                </Typography>
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {amounts.map((_, index) => (
                    <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        label={`Installment ${index + 1}`}
                        type="number"
                        size="small"
                        required
                        error={Boolean(emiErrors?.[index])}
                        helperText={emiErrors?.[index]?.message}
                        slotProps={money}
                        sx={{ flex: 1, minWidth: 0 }}
                        {...register(`emiPrice.${index}`, { valueAsNumber: true })}
                      />
                      <IconButton
                        aria-label={`Remove installment ${index + 1}`}
                        title={`Remove installment ${index + 1}`}
                        onClick={() => removeRow(index)}
                        disabled={rows <= 1}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
                <Box id={`${id}-emi-total`} role="status" aria-live="polite" sx={{ mt: 2 }}>
                  <InstallmentTotal price={price} amounts={amounts} />
                </Box>
                {emiMessage && (
                  <FormHelperText id={`${id}-emi-error`} error sx={{ mx: 0 }}>
                    {emiMessage}
                  </FormHelperText>
                )}
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                  <Button
                    startIcon={<AddIcon />}
                    onClick={addRow}
                    disabled={rows >= COURSE_LIMITS.installmentsMax}
                    variant="outlined"
                    size="small"
                  >
                    Add installment
                  </Button>
                  <Button onClick={splitPrice} disabled={priceValue === undefined} size="small">
                    Split the price evenly
                  </Button>
                </Stack>
                {rows >= COURSE_LIMITS.installmentsMax && (
                  <FormHelperText sx={{ mx: 0 }}>{COURSE_LIMITS.installmentsMax} installments at most.</FormHelperText>
                )}
              </FieldGroup>

              <TextField
                label="Description"
                multiline
                minRows={2}
                maxRows={8}
                slotProps={{ htmlInput: { maxLength: COURSE_LIMITS.descriptionMax } }}
                fullWidth
                {...registered('description', 'Optional.')}
              />
              <CourseGstFields control={control} register={register} errors={errors} />
              <Box>
                <FormControlLabel
                  control={
                    <Controller
                      control={control}
                      name="active"
                      render={({ field }) => (
                        <Switch
                          checked={field.value ?? true}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                          name={field.name}
                        />
                      )}
                    />
                  }
                  label="Active"
                />
                <FormHelperText sx={{ mx: 0 }}>Active courses are offered on the public enrolment form.</FormHelperText>
              </Box>
            </Stack>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="contained" loading={saving}>
            {editing ? 'Save changes' : 'Add course'}
          </Button>
        </DialogActions>
      </Dialog>
      <DiscardChangesDialog {...discard} description="The changes you made to this course have not been saved." />
    </>
  );
}
