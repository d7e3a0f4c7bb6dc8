// A post's featured image (uploaded in /admin), at 16:9; nothing when the post has none.
export function PostImage({ src, eager = false }: { src: string | null; eager?: boolean }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={1280}
      height={720}
      loading={eager ? "eager" : "lazy"}
      className="aspect-[16/9] w-full rounded-lg object-cover"
    />
  );
}
