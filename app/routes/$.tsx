

// Any path no route matches: answer 404 inside the site's layout (menus, footer).
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
