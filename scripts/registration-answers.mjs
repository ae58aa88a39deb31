// The answers of a registration form for an external participant (EXTERNO) with a professional
// licence, shared by the container journey (scripts/container-journey.mjs, plain Node, no
// dependencies) and the log-privacy test (tests/integration/log-privacy.test.ts).

/** The form /register takes: the answers, the e-mail and password given, and the licence as a PDF named cedula.pdf. */
export function registrationForm({ name, email, password, licence }) {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    student_name: name,
    student_role: "EXTERNO",
    student_grade: "Médico",
    student_institution: "IMSS",
    student_email: email,
    student_password: password,
    student_age: "35",
    student_graduated: "SÍ",
    student_nationality: "Mexicana",
    student_state: "Ciudad de México",
    student_phone: "5552289917",
  }))
    form.set(field, value);
  form.set("student_license", new Blob([licence], { type: "application/pdf" }), "cedula.pdf");
  return form;
}
