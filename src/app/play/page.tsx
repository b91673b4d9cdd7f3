/** /play: live play starts in the lobby of open tables. */
import { redirect } from "next/navigation";

export default function PlayPage() {
  redirect("/tables");
}
