/**
 * The public pages: the forms and the student's page. Shared by the console's router and the
 * public pages' own app (app/public-app.tsx), which loads neither the store nor the admin shell.
 */
import type { RouteObject } from 'react-router';

/** The student's page's code and its part of the visitor's language, together. */
const studentPage = async () =>
  (
    await Promise.all([
      import('../features/student-page/student-page-screen'),
      Promise.all([import('../shared/i18n/i18n'), import('../shared/i18n/student-page-catalogue')]).then(([m, c]) =>
        m.loadStudentLanguage(c.studentPageCatalogue),
      ),
    ])
  )[0];

export const publicRoutes: RouteObject[] = [
  // A public form's code and the visitor's language arrive together.
  {
    path: '/student-enrollment',
    lazy: async () => {
      const [screen] = await Promise.all([
        import('../features/enrollment-form/enrollment-form-screen'),
        import('../shared/i18n/i18n').then((m) => m.loadStudentLanguage()),
      ]);
      return { Component: screen.EnrollmentFormScreen };
    },
  },
  {
    path: '/my',
    lazy: async () => ({ Component: (await studentPage()).StudentLinkRequestScreen }),
  },
  {
    path: '/my/:token',
    lazy: async () => ({ Component: (await studentPage()).StudentPageScreen }),
  },
  {
    path: '/student-inquiry',
    lazy: async () => {
      const [screen] = await Promise.all([
        import('../features/inquiry-form/inquiry-form-screen'),
        import('../shared/i18n/i18n').then((m) => m.loadStudentLanguage()),
      ]);
      return { Component: screen.InquiryFormScreen };
    },
  },
];

/** Whether a path is one of the public pages, which start without the console's store and shell. */
export const isPublicPath = (pathname: string) =>
  /^\/(student-enrollment|student-inquiry|my)\/?$/.test(pathname) || /^\/my\/[^/]+\/?$/.test(pathname);
