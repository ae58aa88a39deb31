export function registrationForm(answers: { name: string; email: string; password: string; licence: Uint8Array }): FormData;
