/** The Courses screen (issue 5). */
export function CoursesScreen() {
  return (
    <main id="main-content">
      <h1>Courses</h1>
    </main>
  );
}
