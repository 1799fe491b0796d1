#include "zouna/models/link.hpp"

namespace ripkit::zouna {

ObjectLink read_object_link(ByteReader& r, BodyLayout l, const Limits& limits) {
    ObjectLink k;
    k.link_name = r.u32("link name");
    if (l != BodyLayout::Fuel) k.dependencies = read_names(r, limits, "link dependencies");
    k.data_name = r.u32("data name");
    for (int c = 0; c < 4; ++c) k.sphere[c] = r.f32("bounding sphere");
    for (float& f : k.box) f = r.f32("bounding box");
    k.fade_out = r.f32("fade-out distance");
    k.flags = r.u32("object flags");
    k.type = r.u16("object type");
    return k;
}

FuelMeshLink read_fuel_mesh_link(ByteReader& r, const Limits& limits) {
    FuelMeshLink k;
    k.names = read_names(r, limits, "mesh link names");
    for (float& f : k.fade) f = r.f32("fade distances");
    k.spheres = skip_array(r, 24, "link collision spheres");
    k.boxes = skip_array(r, 72, "link collision boxes");
    return k;
}

ResourceLink read_resource_link(ByteReader& r, BodyLayout l, const Limits& limits) {
    ResourceLink k;
    k.link_name = r.u32("link name");
    if (l != BodyLayout::Fuel) k.dependencies = read_names(r, limits, "link dependencies");
    return k;
}

}  // namespace ripkit::zouna
